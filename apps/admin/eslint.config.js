import config from '@silk/eslint-config';
import { appLayers } from '@silk/eslint-config/layers';

export default [...config, ...appLayers(import.meta.dirname)];
