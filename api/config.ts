import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** An external PostgreSQL; when absent an embedded one runs in dataDir. */
  databaseUrl?: string;
  kurrentDbUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret?: string;
  /** Where links in e-mails point. */
  publicUrl: string;
  logLevel: string;
  /** Requests per minute per address on sign-in, sign-up and reset routes. */
  authRateLimit: number;
  /** Serve the built web app from web/dist. */
  serveWeb: boolean;
  /** Run the projection workers in this process. */
  runProjections: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    kurrentDbUrl: env.KURRENTDB_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Timeledger <no-reply@timeledger.local>',
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    serveWeb: env.SERVE_WEB !== 'false',
    runProjections: env.RUN_PROJECTIONS !== 'false',
  };
}
