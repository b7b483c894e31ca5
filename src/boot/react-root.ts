// React's renderer, with antd 5's notices and modals rendering through React 19. The entry imports it
// dynamically (src/main.tsx), so that its evaluation is a task of its own.
import '@ant-design/v5-patch-for-react-19';
export { createRoot } from 'react-dom/client';
