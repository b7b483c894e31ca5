/** Every browser the console supports has ResizeObserver; antd's polyfill of it is aliased to this. */
export default globalThis.ResizeObserver;
