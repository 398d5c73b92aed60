export { default } from '@silk/eslint-config';
