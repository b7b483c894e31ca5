import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryInput } from '../../components/inputs/history-input';
import { PlainInput } from '../../components/inputs/plain-input';
import type { SignInValues } from '../../../providers/auth';
import { accountNamesFor, forgetAccountName, forgetSpaceCode, spaceCodeHistory } from '../../../providers/sign-in-history';
import { useSignIn } from './use-sign-in';

type Field = keyof SignInValues;
const FIELDS: Field[] = ['tenantCode', 'accountName', 'password'];
/** The §5 message of each field: "请输入" + its label. */
const LABELS: Record<Field, string> = { tenantCode: 'login:fields.tenantCode', accountName: 'login:fields.code', password: 'login:fields.password' };

/** Spec §2/§5: space account code, personal account name, password; each required with its own message. */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const { signIn, pending } = useSignIn();
  const [spaces, setSpaces] = useState(spaceCodeHistory);
  const [values, setValues] = useState<SignInValues>({ tenantCode: spaces[0] ?? '', accountName: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [names, setNames] = useState(() => accountNamesFor(values.tenantCode.trim()));

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'tenantCode') setNames(accountNamesFor(value.trim()));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      FIELDS.filter((field) => !values[field].trim()).map((field) => [field, t('validation:required', { label: t(LABELS[field]) })]),
    );
    setErrors(missing);
    if (Object.keys(missing).length === 0) void signIn(values);
  };
  const message = (field: Field) =>
    errors[field] && (
      <div className="edp-field-error" role="alert">
        {errors[field]}
      </div>
    );

  return (
    <form className="edp-login-form" onSubmit={submit} noValidate>
      <div className="edp-field">
        <HistoryInput
          id="tenantCode"
          value={values.tenantCode}
          onChange={set('tenantCode')}
          history={spaces}
          onRemove={(code) => setSpaces(forgetSpaceCode(code))}
          prefix={<TeamOutlined />}
          placeholder={t('login:placeholders.tenantCode')}
          invalid={Boolean(errors.tenantCode)}
        />
        {message('tenantCode')}
      </div>
      <div className="edp-field">
        <HistoryInput
          id="accountName"
          value={values.accountName}
          onChange={set('accountName')}
          history={names}
          onRemove={(name) => setNames(forgetAccountName(values.tenantCode.trim(), name))}
          prefix={<UserOutlined />}
          placeholder={t('login:placeholders.accountName')}
          invalid={Boolean(errors.accountName)}
        />
        {message('accountName')}
      </div>
      <div className="edp-field">
        <PlainInput
          id="password"
          type="password"
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
          prefix={<LockOutlined />}
          placeholder={t('login:placeholders.password')}
          invalid={Boolean(errors.password)}
          revealLabel={t('login:revealPassword')}
          autoComplete="current-password"
        />
        {message('password')}
      </div>
      <button type="submit" className="edp-button-primary" aria-busy={pending} disabled={pending}>
        {pending && <span className="edp-spinner" aria-hidden />}
        {t('login:submit')}
      </button>
    </form>
  );
}
