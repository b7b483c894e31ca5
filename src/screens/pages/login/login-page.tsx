import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import sideImage from '../../../assets/login-side.svg';
import { LanguageToggle } from '../../components/layout/language-toggle';
import { notifier } from '../../../providers/notifier';
import { PasswordLoginForm } from './password-login-form';
import './login-page.css';

/** Spec §2: the page has these states; only `login` renders a form (the others are not reachable). */
export type LoginState = 'login' | 'register' | 'resetPassword' | 'mobile' | 'qrCode';

/** Spec §8: a chat-service (Feishu) callback lands here with `?code=`; that sign-in is not offered. */
function useFeishuCallbackNotice() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (params.get('code') && !shown.current) {
      shown.current = true;
      notifier.warning(t('login:feishuUnavailable'));
    }
  }, [params, t]);
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [state] = useState<LoginState>('login');
  useFeishuCallbackNotice();
  useEffect(() => {
    document.title = t('login:title');
  }, [t]);

  return (
    <div className="edp-login">
      <aside className="edp-login-side">
        <img src={sideImage} alt={t('login:sideImage')} />
      </aside>
      <main className="edp-login-main">
        <div className="edp-login-language">
          <LanguageToggle />
        </div>
        <header className="edp-login-brand">
          <h1>{t('login:brand')}</h1>
          <p>{t('login:slogan')}</p>
        </header>
        <section className="edp-login-card">
          {/* Spec §2: only the password tab is offered. */}
          <div role="tablist" className="edp-login-tabs">
            <span role="tab" aria-selected="true" className="edp-login-tab">
              {t('login:tabs.password')}
            </span>
          </div>
          <div role="tabpanel">{state === 'login' && <PasswordLoginForm />}</div>
        </section>
        <footer className="edp-login-footer">
          <span>{t('login:footer.copyright')}</span>
          <span>{t('login:footer.filing')}</span>
        </footer>
      </main>
    </div>
  );
}
