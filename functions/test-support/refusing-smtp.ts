// A real SMTP server (smtp-server, the library MailDev is built on) that answers as a receiving server
// would when it refuses some mail: MailDev accepts every recipient and has no option to refuse one.
// Recipients in `refuse` get the given answer to RCPT TO; a message with a recipient in `refuseData`
// gets it after DATA; everything else is accepted and recorded.
import { SMTPServer } from 'smtp-server';

export interface Refusal {
  code: number;
  message: string;
}

export const MAILBOX_UNAVAILABLE: Refusal = {
  code: 550,
  message: '5.1.1 The email account that you tried to reach does not exist',
};
export const TRY_LATER: Refusal = {
  code: 450,
  message: '4.2.1 The user you are trying to contact is receiving mail too quickly',
};

export interface RefusingSmtp {
  port: number;
  url: string;
  /** The recipients of each accepted message. */
  accepted: string[][];
  /** Every RCPT TO the server answered, in order. */
  rcptTo: string[];
  close(): Promise<void>;
}

function refusalError({ code, message }: Refusal): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startRefusingSmtp(
  options: {
    port?: number;
    refuse?: Record<string, Refusal>;
    refuseData?: Record<string, Refusal>;
    refuseSender?: Refusal;
  } = {},
): Promise<RefusingSmtp> {
  const accepted: string[][] = [];
  const rcptTo: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(options.refuseSender ? refusalError(options.refuseSender) : null);
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      rcptTo.push(recipient);
      const refusal = options.refuse?.[recipient];
      callback(refusal ? refusalError(refusal) : null);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((to) => to.address.toLowerCase());
        const refusal = recipients.map((recipient) => options.refuseData?.[recipient]).find(Boolean);
        if (refusal) return callback(refusalError(refusal));
        accepted.push(recipients);
        callback(null);
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    rcptTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
