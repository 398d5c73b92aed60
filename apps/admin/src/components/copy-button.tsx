import { Button } from '@silk/ui/button';
import { useState } from 'react';

/** Copies `text` to the clipboard (a one-time password, a signing secret); says "Copied" once it has. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => {
        navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch((error: unknown) => console.error('Copy failed', error));
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
