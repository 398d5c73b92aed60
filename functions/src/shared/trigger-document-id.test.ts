import { describe, expect, it } from 'vitest';
import { triggerDocumentId } from './trigger-document-id';

/** What the Functions Framework makes of a UTF-8 header value. */
const asLatin1 = (id: string) => Buffer.from(id, 'utf8').toString('latin1');

describe('triggerDocumentId', () => {
  it.each(['josé@exämple.es', 'élodie@exemple.fr', '用户@例子.中国', 'zoë+news@gmail.com'])(
    'reads %s back from the garbled header value',
    (id) => {
      expect(asLatin1(id)).not.toBe(id);
      expect(triggerDocumentId(asLatin1(id))).toBe(id);
    },
  );

  it.each(['ana@example.com', 'josé@exämple.es', '用户@例子.中国', ''])(
    'leaves %s, already right, as it is',
    (id) => {
      expect(triggerDocumentId(id)).toBe(id);
    },
  );
});
