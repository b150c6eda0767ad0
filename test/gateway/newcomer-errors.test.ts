// The errors a newcomer meets in the first hour, through the app: a range given the wrong way round, a registration
// id without its SM prefix, a name where a person id belongs, and error bodies that are about their message.
import { describe, expect, it } from 'vitest';
import { LICENCE } from '../../api/licence.ts';
import { errorOf, makeApp, useFixtureSite } from './helpers.ts';

const fixture = useFixtureSite();

describe('a range given the wrong way round', () => {
  it('is a 400 empty_range with the error body; equal dates stay valid', async () => {
    const t = makeApp(fixture.holder);
    const res = await t.get('/registrations?from=2025-02-01&to=2025-01-01');
    const body = await errorOf(res);
    expect(body).toMatchObject({ status: 400, error: 'empty_range', keys: ['error', 'message', 'licence', 'attribution'] });
    expect(body.message).toContain('"from" (2025-02-01) is after "to" (2025-01-01)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await t.get('/registrations?from=2025-01-01&to=2025-01-01')).status).toBe(200);
  });
});

describe('a registration id without its SM prefix', () => {
  it('stays a 404 and says what ids look like, naming the record the prefixed id finds', async () => {
    const t = makeApp(fixture.holder);
    expect((await t.get('/registrations/SM1001')).status).toBe(200);
    const bare = await errorOf(await t.get('/registrations/1001'));
    expect(bare).toMatchObject({ status: 404, error: 'not_found' });
    expect(bare.message).toContain('registration ids look like SM10420');
    expect(bare.message).toContain('did you mean SM1001?');
    expect((await errorOf(await t.get('/registrations/sm1002'))).message).toContain('did you mean SM1002?');
  });

  it('guesses nothing that does not exist', async () => {
    const t = makeApp(fixture.holder);
    const none = await errorOf(await t.get('/registrations/999999'));
    expect(none).toMatchObject({ status: 404, error: 'not_found' });
    expect(none.message).toContain('registration ids look like SM10420');
    expect(none.message).not.toContain('did you mean');
    // a well-shaped id that names no record gets the plain 404
    expect((await errorOf(await t.get('/registrations/SM999999'))).message).not.toContain('look like');
  });
});

describe('a name where a person id belongs', () => {
  it('is a 400 that gives the /people look-up', async () => {
    const t = makeApp(fixture.holder);
    const body = await errorOf(await t.get('/communications?member=Wong'));
    expect(body).toMatchObject({ status: 400, error: 'invalid_parameter' });
    expect(body.message).toContain('GET /people?q=Wong');
  });
});

describe('error bodies', () => {
  it('carry the licence and a short attribution, so the message is most of the body', async () => {
    const t = makeApp(fixture.holder);
    const res = await t.get('/organizations?limit=0');
    const text = await res.text();
    const body = JSON.parse(text) as Record<string, string>;
    expect(body.licence).toBe(LICENCE);
    expect(body.attribution.length).toBeLessThan(120);
    expect(Buffer.byteLength(text)).toBeLessThan(400);
  });
});
