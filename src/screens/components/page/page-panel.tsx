import { theme } from 'antd';
import type { ReactNode } from 'react';
import './page-panel.css';

/** A page's frame: title, actions on the right, content. (antd's Card would bring its skeleton along.) */
export function PagePanel({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      className="edp-panel"
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
    >
      <header className="edp-panel-header" style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <h2 style={{ fontSize: token.fontSizeLG, color: token.colorTextHeading }}>{title}</h2>
        {extra}
      </header>
      <div className="edp-panel-body">{children}</div>
    </section>
  );
}
