import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Links found in the body, in order. */
  links: string[];
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const open = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          // Quoted-printable soft line breaks would cut links in two.
          const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            links: body.match(/https?:\/\/[^\s"<>]+/g) ?? [],
          });
          waiters.forEach((wake) => wake());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server: SMTPServer | null = await open(0);
  const { port } = server.server.address() as { port: number };
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => {
    server = null;
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest link to `to` whose path contains `pathPart`, waiting for it if needed. */
    async linkTo(to: string, pathPart: string, after = 0, timeoutMs = 10_000): Promise<string> {
      const find = () =>
        received
          .slice(after)
          .filter((mail) => mail.to.includes(to.toLowerCase()))
          .flatMap((mail) => mail.links)
          .filter((link) => link.includes(pathPart))
          .at(-1);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const link = find();
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} with a ${pathPart} link`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 200);
        });
      }
    },
    /** The mail server goes away: connections to its port are refused until comeBack(). */
    goDown: close,
    comeBack: async () => {
      server ??= await open(port);
    },
    close,
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded, its folded lines joined. */
export function decodedHeader(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  if (!match) throw new Error(`no ${name} header`);
  return match[1]
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([qb])\?(.*?)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** A mail's text body, quoted-printable decoded. */
export function decodedText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
  return Buffer.from(body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}
