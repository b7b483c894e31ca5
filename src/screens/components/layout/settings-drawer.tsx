import { Button, Drawer, Form, InputNumber, Radio, Select, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOR_PRESETS, FONT_FAMILIES, FONT_SIZE, settingsStore, useSettings, type ColorPreset, type FontFamily } from '../../../providers/settings';

/** Spec §2 preferences: theme, colour preset, font family and size, layout; saved under `settings`. */
export default function SettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = settingsStore.update;
  return (
    <Drawer
      title={t('layout:settings.title')}
      open
      onClose={onClose}
      width={320}
      extra={<Button onClick={settingsStore.reset}>{t('layout:settings.reset')}</Button>}
    >
      <Form layout="vertical">
        <Form.Item label={t('layout:settings.theme')}>
          <Switch
            checked={settings.theme === 'dark'}
            checkedChildren={t('layout:settings.dark')}
            unCheckedChildren={t('layout:settings.light')}
            onChange={(dark) => update({ theme: dark ? 'dark' : 'light' })}
            data-testid="theme-switch"
          />
        </Form.Item>
        <Form.Item label={t('layout:settings.color')}>
          <Space wrap>
            {(Object.keys(COLOR_PRESETS) as ColorPreset[]).map((preset) => (
              <Tooltip key={preset} title={t(`layout:settings.presets.${preset}`)}>
                <button
                  type="button"
                  className={`edp-swatch${settings.colorPreset === preset ? ' edp-swatch-active' : ''}`}
                  style={{ background: COLOR_PRESETS[preset] }}
                  aria-label={t(`layout:settings.presets.${preset}`)}
                  aria-pressed={settings.colorPreset === preset}
                  data-testid={`color-${preset}`}
                  onClick={() => update({ colorPreset: preset })}
                />
              </Tooltip>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('layout:settings.fontFamily')}>
          <Select
            value={settings.fontFamily}
            onChange={(fontFamily: FontFamily) => update({ fontFamily })}
            options={(Object.keys(FONT_FAMILIES) as FontFamily[]).map((font) => ({ value: font, label: t(`layout:settings.fonts.${font}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('layout:settings.fontSize')}>
          <InputNumber
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            precision={0}
            value={settings.fontSize}
            onChange={(fontSize) => fontSize && update({ fontSize })}
            data-testid="font-size"
          />
        </Form.Item>
        <Form.Item label={t('layout:settings.layout')}>
          <Radio.Group
            optionType="button"
            value={settings.layout}
            onChange={(event) => update({ layout: event.target.value })}
            options={[
              { value: 'vertical', label: t('layout:settings.vertical') },
              { value: 'mini', label: t('layout:settings.mini') },
            ]}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
