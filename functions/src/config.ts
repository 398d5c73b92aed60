// Region and limits of every function.
import { FUNCTIONS_REGION } from '@silk/schema/constants';
import type { GlobalOptions } from 'firebase-functions/v2';

export const GLOBAL_OPTIONS: GlobalOptions = {
  region: FUNCTIONS_REGION,
  maxInstances: 10,
};
