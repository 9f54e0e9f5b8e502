import { describe, expect, it } from 'vitest';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it("are helmet's headers for the product's options, worked out once", () => {
    const h = securityHeaders(SECURITY_HEADER_OPTIONS);
    expect(h['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https://i.ytimg.com;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self';frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
    );
    expect(h).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(h['x-powered-by']).toBeUndefined();
  });
});
