// /waitlist is prerendered with the generic confirmation. For a visitor who has just signed up, this
// inline script — placed right after the confirmation's HTML, so it runs before the first paint — puts
// in the personalised heading and text from session storage: the page never shows the generic copy
// first, and nothing moves (CLS 0). The island then hydrates with the same e-mail, so React finds the
// text it would render.
import { SESSION_EMAIL_KEY } from '@silk/schema/constants';
import { confirmation } from '@/content/waitlist';
import { serializeProps } from '@/islands/island';

export const CONFIRMATION_TITLE_ID = 'confirmation-title';
export const CONFIRMATION_TEXT_ID = 'confirmation-text';

const EMAIL_SLOT = '\u0000';

export const CONFIRMATION_FIRST_PAINT_SCRIPT =
  `(function(){try{var e=sessionStorage.getItem(${serializeProps(SESSION_EMAIL_KEY)});` +
  'if(!e||!e.trim())return;' +
  `document.getElementById(${serializeProps(CONFIRMATION_TITLE_ID)}).textContent=` +
  `${serializeProps(confirmation.personalHeading)};` +
  `document.getElementById(${serializeProps(CONFIRMATION_TEXT_ID)}).textContent=` +
  `${serializeProps(confirmation.personalText(EMAIL_SLOT).split(EMAIL_SLOT))}.join(e)}catch(x){}})()`;
