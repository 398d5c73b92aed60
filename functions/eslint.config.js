import config from '@silk/eslint-config';

// The shared config ignores `lib` folders (build output elsewhere); here src/lib is source.
export default [...config, { ignores: ['!src/lib/', '!src/lib/**'] }];
