import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from '../../../../providers/i18n';

/** Date pickers follow the console's language (loaded with the first date widget, not before). */
const follow = (language: string) => dayjs.locale(language === 'en_US' ? 'en' : 'zh-cn');
follow(i18n.language);
i18n.on('languageChanged', follow);

export { dayjs };
