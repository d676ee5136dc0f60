import { SMTPServer } from 'smtp-server';

/** Test support: an SMTP server on loopback that keeps every message it accepts; it can go down and come back on its port. */
export interface TestSmtp {
  readonly url: string;
  /** Raw messages accepted so far. */
  readonly messages: string[];
  /** Message-ID header of each accepted message. */
  messageIds(): string[];
  up(): Promise<void>;
  down(): Promise<void>;
}

export async function startSmtp(port = 0, options: { startDown?: boolean } = {}): Promise<TestSmtp> {
  const messages: string[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;
  const up = async (): Promise<void> => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          messages.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((done, fail) => {
      s.once('error', fail);
      s.listen(boundPort, '127.0.0.1', () => done());
    });
    const address = s.server.address();
    if (typeof address === 'object' && address) boundPort = address.port;
    server = s;
  };
  const down = (): Promise<void> =>
    new Promise((done) => {
      if (!server) return done();
      server.close(() => done());
      server = null;
    });
  if (options.startDown && port === 0) {
    // Reserve a port number, then free it: mail to it is refused until `up()`.
    await up();
    await down();
  } else if (!options.startDown) await up();
  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    messages,
    messageIds: () => messages.map((m) => /^message-id:\s*(\S+)/im.exec(m)?.[1] ?? ''),
    up,
    down,
  };
}
