// The status page's script (no React): the copy button and, where the browser has a share sheet, the
// native share button, both rendered hidden by the statusPage function. Everything else is plain HTML.
import '@/styles/site.css';
import '@/styles/email-links.css';
import '@/styles/status.css';
import { canShareNatively, copyLink, COPIED_LABEL, shareNatively } from '@/lib/share-actions';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share-copy]')) {
  const link = button.dataset.shareCopy ?? '';
  button.hidden = false;
  button.addEventListener('click', () => {
    void copyLink(link).then((copied) => {
      if (copied) button.textContent = COPIED_LABEL;
    });
  });
}

if (canShareNatively()) {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share-native]')) {
    const link = button.dataset.shareNative ?? '';
    button.hidden = false;
    button.addEventListener('click', () => void shareNatively(link));
  }
}
