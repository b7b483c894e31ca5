// antd's style code, registered with ./antd-style-generators. Written by the build (scripts/antd-style-hooks.ts);
// here, in the console's own runs and tests, antd's style modules are used as they are and nothing needs registering.
export {};
