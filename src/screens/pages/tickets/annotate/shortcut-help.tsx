import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './use-shortcuts';

const shown = (key: string) => (key === 'Escape' ? 'Esc' : key.length === 1 ? key.toUpperCase() : key);

/** The page's keys, listed from the same table the page listens by. */
export function ShortcutHelp() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const keyStyle = {
    display: 'inline-block',
    minWidth: 22,
    padding: '0 4px',
    marginRight: 4,
    textAlign: 'center' as const,
    fontFamily: token.fontFamilyCode,
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillQuaternary,
  };
  const content = (
    <div data-testid="shortcut-list" style={{ maxWidth: 320 }}>
      <table>
        <tbody>
          {SHORTCUTS.map(({ action, keys }) => (
            <tr key={action}>
              <td style={{ paddingRight: 12, whiteSpace: 'nowrap' }}>
                {keys.map((key) => (
                  <kbd key={key} style={keyStyle}>
                    {shown(key)}
                  </kbd>
                ))}
              </td>
              <td>{t(`annotate:shortcuts.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('annotate:shortcuts.inFields')}
      </Typography.Text>
    </div>
  );
  return (
    <Popover title={t('annotate:shortcuts.title')} content={content} trigger="click" placement="bottomRight">
      <Button icon={<QuestionCircleOutlined />} data-testid="shortcut-help">
        {t('annotate:shortcuts.title')}
      </Button>
    </Popover>
  );
}
