// The embeddable signup form (/embed.js): one <script> tag on a site an Admin allowed renders it in its
// own open shadow root, right after the tag (or in the element `data-target` names). Plain DOM, no
// Firebase: a labelled e-mail field and a button; the answer is read aloud through a live region; after
// joining, the subscriber's referral link with a Copy button, and the focus on the message. It posts to
// the API of the origin it was loaded from (/api/embed/join), which refuses a site not on the list: the
// refusal is shown in the widget.
import { EMBED_JOIN_PATH } from '@silk/schema/embed';
import {
  EMBED_COPIED,
  EMBED_COPY_LABEL,
  EMBED_EMAIL_LABEL,
  EMBED_JOINED,
  EMBED_LINK_LABEL,
  EMBED_REGION_LABEL,
  EMBED_SITE_REFUSED,
  INVALID_EMAIL,
  SIGNUP_BUTTON_LABEL,
  SIGNUP_FAILED,
  SUBMITTING_SIGNUP_LABEL,
} from '@silk/schema/messages';
import { WIDGET_CSS } from './styles';
import { visitAttributionOfSession, visitReferralCode } from './visit';

type Answer = { referralLink?: unknown; error?: unknown };

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), properties);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * What a refused call means: a site the API refuses gets no CORS answer at all (the browser's fetch
 * fails), so a failed fetch is told from a network failure by a second, opaque request: if the API
 * answers it, the site was refused.
 */
async function failureMessage(api: string): Promise<string> {
  try {
    await fetch(api, { method: 'POST', mode: 'no-cors', credentials: 'omit' });
    return EMBED_SITE_REFUSED;
  } catch {
    return SIGNUP_FAILED;
  }
}

async function join(api: string, email: string): Promise<{ link: string } | { error: string }> {
  let response: Response;
  try {
    response = await fetch(api, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, ref: visitReferralCode(), ...visitAttributionOfSession() }),
    });
  } catch {
    return { error: await failureMessage(api) };
  }
  let answer: Answer = {};
  try {
    answer = (await response.json()) as Answer;
  } catch {
    // No JSON: the generic message below.
  }
  if (response.ok && typeof answer.referralLink === 'string') return { link: answer.referralLink };
  if (response.status === 403) return { error: EMBED_SITE_REFUSED };
  return { error: typeof answer.error === 'string' ? answer.error : SIGNUP_FAILED };
}

/**
 * The widget's stylesheet in its shadow root: a constructed stylesheet where the browser has them (not
 * subject to the host page's style-src, so a strict CSP need not allow inline styles), else a <style>.
 */
function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    root.adoptedStyleSheets = [sheet];
  } else root.append(element('style', { textContent: WIDGET_CSS }));
}

/** Renders the widget into `host` (its shadow root), posting to `apiOrigin`. */
export function renderWidget(host: HTMLElement, apiOrigin: string): ShadowRoot {
  const root = host.attachShadow({ mode: 'open' });
  const api = new URL(EMBED_JOIN_PATH, apiOrigin).href;
  adoptStyles(root);
  const box = element('div', { className: 'box' }, { role: 'region', 'aria-label': EMBED_REGION_LABEL });
  const form = element('form', { noValidate: true });
  const input = element(
    'input',
    { type: 'email', id: 'silk-email', name: 'email', autocomplete: 'email', required: true },
    { 'aria-describedby': 'silk-message' },
  );
  const button = element('button', { type: 'submit', textContent: SIGNUP_BUTTON_LABEL });
  const row = element('div', { className: 'row' });
  row.append(input, button);
  form.append(element('label', { htmlFor: 'silk-email', textContent: EMBED_EMAIL_LABEL }), row);
  const message = element('p', { id: 'silk-message' }, { 'aria-live': 'polite' });
  box.append(form, message);
  root.append(box);

  const say = (text: string, error: boolean) => {
    message.textContent = text;
    message.className = error ? 'error' : '';
    input.setAttribute('aria-invalid', String(error));
  };

  const joined = (link: string) => {
    const done = element('p', { className: 'done', textContent: EMBED_JOINED, tabIndex: -1 });
    const linkField = element('input', { type: 'text', id: 'silk-link', value: link, readOnly: true });
    const copy = element('button', { type: 'button', textContent: EMBED_COPY_LABEL });
    const status = element('p', {}, { 'aria-live': 'polite' });
    copy.addEventListener('click', () => {
      linkField.select();
      // Without clipboard access the link stays selected for the visitor to copy.
      void navigator.clipboard?.writeText(link).then(
        () => (status.textContent = EMBED_COPIED),
        () => undefined,
      );
    });
    const linkRow = element('div', { className: 'row' });
    linkRow.append(linkField, copy);
    box.replaceChildren(
      done,
      element('label', { htmlFor: 'silk-link', textContent: EMBED_LINK_LABEL }),
      linkRow,
      status,
    );
    done.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const email = input.value.trim();
    if (!email || !email.includes('@')) {
      say(INVALID_EMAIL, true);
      input.focus();
      return;
    }
    button.disabled = true;
    button.textContent = SUBMITTING_SIGNUP_LABEL;
    say('', false);
    void join(api, email).then((result) => {
      button.disabled = false;
      button.textContent = SIGNUP_BUTTON_LABEL;
      if ('link' in result) joined(result.link);
      else {
        say(result.error, true);
        input.focus();
      }
    });
  });
  return root;
}

/**
 * Runs `render` once the host page's main thread is idle (at the latest after a second), so that the
 * widget's first render and layout are tasks of their own, never added to the page's loading tasks.
 */
function whenPageIdle(render: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(render, { timeout: 1000 });
  else setTimeout(render, 0);
}

/** Mounts the widget for the <script> tag that loaded it: its place at once, its form when the page is idle. */
export function mountWidget(script: HTMLOrSVGScriptElement | null): void {
  if (!(script instanceof HTMLScriptElement) || !script.src) return;
  const selector = script.dataset.target;
  const target = selector ? document.querySelector(selector) : null;
  const host = element('div', {}, { 'data-silk-embed': '' });
  if (target) target.append(host);
  else script.after(host);
  const apiOrigin = new URL(script.src).origin;
  whenPageIdle(() => renderWidget(host, apiOrigin));
}
