import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3998';
const login = async (email: string) => {
  const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Demo1234!' }) });
  return (await r.json()).token as string;
};
const admin = await login('admin@example.com');
// make a couple of changes
const wh = await (await fetch(`${base}/api/warehouses/2`, { headers: { authorization: `Bearer ${admin}` } })).json();
await fetch(`${base}/api/warehouses/2`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ assecoId: wh.asseco_id, name: wh.name + ' Nowa', address: wh.address, nip: wh.nip, email: wh.email, admins_ids: [] }) });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h, who] of [[390, 844, 'admin'], [1440, 900, 'admin'], [390, 844, 'wholesaler']] as const) {
  const token = who === 'admin' ? admin : await login('wholesaler@example.com');
  const ctx = await b.newContext({ viewport: { width: w, height: h } });
  await ctx.addInitScript((t) => { localStorage.setItem('token', t); localStorage.setItem('token_type', 'Bearer'); }, token);
  const p = await ctx.newPage();
  await p.goto(`${base}/audit`);
  await p.waitForSelector('table tbody tr td', { timeout: 20000 });
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/audit-${who}-${w}.png`, fullPage: false });
  if (who === 'admin') {
    await p.locator('[data-testid=audit-open]').first().click();
    await p.waitForSelector('[data-testid=audit-event]');
    await p.waitForTimeout(500);
    await p.screenshot({ path: `/tmp/audit-event-${w}.png` });
  }
  await ctx.close();
}
await b.close();
