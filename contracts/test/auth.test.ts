import { SignupBody, UpdateProfileBody, ResetPasswordBody, parseRouteId } from '../src';

const valid = {
  username: 'sam_fit', email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee',
  location: '', password: 'secret1', confirmPassword: 'secret1', isTrainer: false,
};

function messages(r: { success: boolean; error?: { issues: { message: string }[] } }) {
  return r.success ? [] : r.error!.issues.map((i) => i.message);
}

describe('SignupBody', () => {
  it('accepts a valid user without a location', () => {
    expect(SignupBody.safeParse(valid).success).toBe(true);
  });
  it("says the passwords don't match", () => {
    expect(messages(SignupBody.safeParse({ ...valid, confirmPassword: 'secret2' }))).toContain("Passwords don't match");
  });
  it('requires a location for trainers', () => {
    expect(messages(SignupBody.safeParse({ ...valid, isTrainer: true }))).toContain('Location is required for trainers');
  });
  it('rejects short usernames and bad emails with the spec messages', () => {
    const m = messages(SignupBody.safeParse({ ...valid, username: 'ab', email: 'nope' }));
    expect(m).toEqual(expect.arrayContaining(['Username must be at least 3 characters', 'Please enter a valid email address']));
  });
});

describe('UpdateProfileBody', () => {
  it('explains missing fields', () => {
    expect(messages(UpdateProfileBody.safeParse({ location: 'Leeds' }))).toContain('First name, last name and email are required');
  });
});

describe('ResetPasswordBody', () => {
  it('needs six characters', () => {
    expect(messages(ResetPasswordBody.safeParse({ token: 't', newPassword: '123' }))).toContain('Password must be at least 6 characters long');
  });
});

describe('parseRouteId', () => {
  it.each([['12', 12], ['0', null], ['-3', null], ['abc', null], ['1.5', null], [undefined, null]])('%s -> %s', (raw, want) => {
    expect(parseRouteId(raw as string | undefined)).toBe(want);
  });
});
