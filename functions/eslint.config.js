import config from '@silk/eslint-config';
import { functionsLayers } from '@silk/eslint-config/layers';

export default [...config, ...functionsLayers(import.meta.dirname)];
