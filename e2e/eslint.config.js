import config from '@silk/eslint-config';
import { driverLayers } from '@silk/eslint-config/layers';

export default [...config, ...driverLayers(import.meta.dirname)];
