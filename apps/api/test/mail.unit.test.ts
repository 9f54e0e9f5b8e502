import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { linkParams, parseMail } from './mail.ts';

/** The test helper must read exactly what nodemailer writes, or the API tests would prove nothing. */
describe('parseMail (test helper)', () => {
  it('reads a Polish message with a long link back from nodemailer output', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const link = `http://app.test/register?token=${'A-b_'.repeat(20)}&email=ż.ółw%2Btest%40example.com`;
    const info = await transport.sendMail({
      from: 'Program motywacyjny <no-reply@example.com>',
      to: 'zolw+test@example.com',
      subject: 'Ustaw hasło do Programu motywacyjnego — zażółć gęślą jaźń',
      text: `Dzień dobry Łucja,\n\naby ustawić hasło otwórz link:\n${link}\n\nPozdrawiamy`,
    });
    const mail = parseMail((info.message as Buffer).toString('utf8'));
    expect(mail.subject).toBe('Ustaw hasło do Programu motywacyjnego — zażółć gęślą jaźń');
    expect(mail.to).toBe('zolw+test@example.com');
    expect(mail.from).toContain('no-reply@example.com');
    expect(mail.text).toContain('Dzień dobry Łucja');
    expect(mail.link).toBe(link);
    expect(linkParams(link).email).toBe('ż.ółw+test@example.com');
  });
});
