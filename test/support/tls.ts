// A throw-away self-signed certificate for 127.0.0.1, localhost and any `names`, made with openssl
// per run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
}

export function makeCertificate(days = 2, names: string[] = []): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'lad-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      String(days),
      '-subj',
      '/CN=Test marketplace CA',
      '-addext',
      [
        'subjectAltName=IP:127.0.0.1',
        'DNS:localhost',
        ...names.map((name) => `DNS:${name}`),
      ].join(),
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
