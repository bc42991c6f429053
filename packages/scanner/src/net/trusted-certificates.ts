import tls from 'node:tls';

const contexts = new WeakMap<readonly string[], tls.SecureContext>();

/**
 * TLS that trusts the system's roots and the certificates a deployment adds (a test CA, a private
 * CA): one secure context per list. Given as `ca` on each connection, Node parses the 140-odd roots
 * again every time, about 30 ms of CPU per connection.
 */
export function trustingTls(trustedCertificates: readonly string[] | undefined): Pick<tls.ConnectionOptions, 'secureContext'> {
  if (!trustedCertificates?.length) return {};
  let secureContext = contexts.get(trustedCertificates);
  if (!secureContext) {
    secureContext = tls.createSecureContext({ ca: [...tls.rootCertificates, ...trustedCertificates] });
    contexts.set(trustedCertificates, secureContext);
  }
  return { secureContext };
}
