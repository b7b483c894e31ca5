import { Popconfirm } from 'antd';

/** antd's Popconfirm on its own, for ConfirmOnClick to load on the first click (confirm-on-click.tsx). */
export default Popconfirm;
