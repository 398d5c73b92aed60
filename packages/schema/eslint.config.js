import config from '@silk/eslint-config';
import { packageLayers, platformFree } from '@silk/eslint-config/layers';

export default [...config, ...packageLayers(import.meta.dirname), platformFree];
