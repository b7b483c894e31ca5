import { Radio } from 'antd';

/** antd's radio in a module of its own, which the selection radio's shim loads when a table first draws one (the build brings its styles with it). */
export default Radio;
