import { notification } from 'antd';

/** antd's notification API in a module of its own: the notifier loads it with the first notice, and the build brings its styles with it. */
export default notification;
