import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { EditTrainerPage } from '../src/features/profile-edit/components/EditTrainerPage';
import { MyTrainerProfilePage } from '../src/features/profile-edit/components/MyTrainerProfilePage';
import { photoProblem } from '../src/features/profile-edit/lib/photo';
import { deferred, LocationProbe, makeTrainer, makeUser, mockFetch, signedIn } from './helpers';

jest.setTimeout(20_000);

const owner = makeUser({ id: 30, isTrainer: true, firstName: 'Hannah', lastName: 'Walsh' });
const trainer = makeTrainer();

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/trainer-profile" element={<MyTrainerProfilePage />} />
        <Route path="/trainer-profile/:id/edit" element={<EditTrainerPage />} />
        <Route path="/trainer-profile/:id" element={<p>Cancel target</p>} />
        <Route path="/trainers/:id" element={<p>Public profile</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

// jsdom has no object URLs.
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('photo checks (SPEC §5)', () => {
  it('accepts JPEG, JPG, PNG and WebP up to 5MB, refuses other types and bigger files with the SPEC messages', () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg', 1000))).toBeNull();
    expect(photoProblem(file('a.jpg', 'image/jpg', 1000))).toBeNull();
    expect(photoProblem(file('a.png', 'image/png', 5 * 1024 * 1024))).toBeNull();
    expect(photoProblem(file('a.webp', 'image/webp', 1000))).toBeNull();
    expect(photoProblem(file('a.gif', 'image/gif', 1000))).toEqual({ title: 'Invalid file type', description: 'Please select a JPEG, PNG, or WebP image' });
    expect(photoProblem(file('notes.txt', 'text/plain', 10))).toEqual({ title: 'Invalid file type', description: 'Please select a JPEG, PNG, or WebP image' });
    expect(photoProblem(file('big.png', 'image/png', 5 * 1024 * 1024 + 1))).toEqual({ title: 'File too large', description: 'Please select an image smaller than 5MB' });
  });
});

describe('EditTrainerPage', () => {
  it("turns someone else away: 'Access denied' toast, then the public profile", async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(makeUser({ id: 2 })), 'GET /api/trainers/3': { status: 200, body: trainer } });
    renderAt('/trainer-profile/3/edit');
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.getByText('You can only edit your own trainer profile')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/3'));
  });

  it('shows every field filled from the profile; Cancel goes to /trainer-profile/:id', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/auth/user': signedIn(owner), 'GET /api/trainers/3': { status: 200, body: trainer } });
    renderAt('/trainer-profile/3/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Trainer Profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Specialization/ })).toHaveValue('Yoga & Mobility');
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue(trainer.description);
    expect(screen.getByRole('spinbutton', { name: /Years of experience/ })).toHaveValue(6);
    // Specialties are chips (each with a remove button); the field is for adding another.
    const chips = within(screen.getByRole('list', { name: 'Your specialties' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Yoga', 'Mobility']);
    expect(screen.getByRole('button', { name: 'Remove Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Specialties/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Certifications/ })).toHaveValue('BWY Yoga Teacher');
    expect(screen.getByRole('textbox', { name: /Education/ })).toHaveValue('BA Dance, Leeds Beckett');
    expect(screen.getByRole('spinbutton', { name: /Session price/ })).toHaveValue(45);
    expect(screen.getByRole('textbox', { name: /Location/ })).toHaveValue('Leeds, LS1 4DY');
    expect(screen.getByRole('checkbox', { name: 'Online' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In person' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Instagram/ })).toHaveValue('');
    expect(screen.getByLabelText('Profile photo')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/trainer-profile/3');
  });

  it('validates with the SPEC messages and sends nothing while invalid', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ 'GET /api/auth/user': signedIn(owner), 'GET /api/trainers/3': { status: 200, body: trainer } });
    renderAt('/trainer-profile/3/edit');
    const description = await screen.findByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.type(description, 'Too short');
    await user.click(screen.getByRole('button', { name: 'Remove Yoga' }));
    await user.click(screen.getByRole('button', { name: 'Remove Mobility' }));
    await user.type(screen.getByRole('textbox', { name: /Specialties/ }), ' , ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please provide a more detailed description of your services')).toBeInTheDocument();
    expect(screen.getByText('Please enter at least one specialty')).toBeInTheDocument();
    expect(description).toHaveFocus();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('a photo dropped on the drop zone is checked and previewed; a wrong type dropped is refused', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(owner), 'GET /api/trainers/3': { status: 200, body: trainer } });
    renderAt('/trainer-profile/3/edit');
    const zone = await screen.findByTestId('photo-drop-zone');
    // The zone is a label of the file input: clicking it (or Enter/Space on the focused input) picks a file.
    expect(zone).toHaveAttribute('for', screen.getByLabelText('Profile photo').id);
    fireEvent.drop(zone, { dataTransfer: { files: [file('notes.txt', 'text/plain', 10)] } });
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file('me.png', 'image/png', 2000)] } });
    expect(await screen.findByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute('src', 'blob:preview');
    expect(zone).toHaveTextContent('me.png');
  });

  it('refuses a wrong photo type or a file over 5MB before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockFetch({ 'GET /api/auth/user': signedIn(owner), 'GET /api/trainers/3': { status: 200, body: trainer } });
    renderAt('/trainer-profile/3/edit');
    const input = await screen.findByLabelText('Profile photo');
    await user.upload(input, file('notes.txt', 'text/plain', 10));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getAllByText('Please select a JPEG, PNG, or WebP image').length).toBeGreaterThan(0);
    await user.upload(input, file('huge.png', 'image/png', 6 * 1024 * 1024));
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the new photo' })).not.toBeInTheDocument();
  });

  it('saves: PATCH the fields, POST the specialties, upload the chosen photo (with preview), then the public profile', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(owner),
      'GET /api/trainers/3': { status: 200, body: trainer },
      'PATCH /api/trainers/3': { status: 200, body: trainer },
      'POST /api/trainers/3/specialties': { status: 200, body: trainer },
      'POST /api/trainers/3/upload-photo': { status: 200, body: { profileImage: '/api/trainer-photos/n', profileImageThumb: '/api/trainer-photos/t' } },
    });
    renderAt('/trainer-profile/3/edit');
    await user.upload(await screen.findByLabelText('Profile photo'), file('me.png', 'image/png', 2000));
    expect(screen.getByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute('src', 'blob:preview');
    const price = screen.getByRole('spinbutton', { name: /Session price/ });
    await user.clear(price);
    // Chips: remove one with its button, add by typing with commas and Enter; Backspace takes the last back.
    await user.click(screen.getByRole('button', { name: 'Remove Mobility' }));
    const specialties = screen.getByRole('textbox', { name: /Specialties/ });
    await user.type(specialties, 'Pilates , Breathwork{Enter}');
    expect(specialties).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(specialties).toHaveValue('Breathwork');
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Your specialties' })).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Yoga', 'Pilates', 'Breathwork']);
    await user.click(screen.getByRole('checkbox', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/3'));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/trainers/3', 'POST /api/trainers/3/specialties', 'POST /api/trainers/3/upload-photo']);
    expect(writes[0].body).toMatchObject({ sessionPrice: null, availableOnline: false, yearsOfExperience: 6, certifications: ['BWY Yoga Teacher'], location: 'Leeds, LS1 4DY' });
    expect(writes[0].body).not.toHaveProperty('specialties');
    expect(writes[1].body).toEqual({ specialties: ['Yoga', 'Pilates', 'Breathwork'] });
    expect((writes[2].body as FormData).get('profileImage')).toBeInstanceOf(File);
  });

  it("a failed save toasts 'Error updating profile' and stays; a failed upload shows the server's message", async () => {
    const user = userEvent.setup();
    let patch = { status: 500, body: { message: 'boom' } as unknown };
    mockFetch({
      'GET /api/auth/user': signedIn(owner),
      'GET /api/trainers/3': { status: 200, body: trainer },
      'PATCH /api/trainers/3': () => patch as { status: number; body: unknown },
      'POST /api/trainers/3/specialties': { status: 200, body: trainer },
      'POST /api/trainers/3/upload-photo': { status: 415, body: { message: 'Please select a JPEG, PNG, or WebP image' } },
    });
    renderAt('/trainer-profile/3/edit');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating profile')).toBeInTheDocument();
    expect(screen.getByText('There was an error updating your profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trainer-profile/3/edit');

    patch = { status: 200, body: trainer };
    await user.upload(screen.getByLabelText('Profile photo'), file('fake.png', 'image/png', 100));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Please select a JPEG, PNG, or WebP image')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trainer-profile/3/edit');
  });
});

describe('/trainer-profile (your own profile)', () => {
  it('goes to the public page of the signed-in trainer', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(owner), 'GET /api/trainers/me': { status: 200, body: trainer } });
    renderAt('/trainer-profile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/3'));
  });

  it('a trainer account without a profile gets the finish form, which POSTs /api/trainers/profile', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(owner),
      'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } },
      'POST /api/trainers/profile': { status: 201, body: { ...trainer, id: 12 } },
    });
    renderAt('/trainer-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Finish your trainer profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Location/ })).toHaveValue('Leeds');
    await user.type(screen.getByRole('textbox', { name: /Specialization/ }), 'Running');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Marathon coaching for every pace and age.');
    await user.type(screen.getByRole('spinbutton', { name: /Years of experience/ }), '4');
    await user.type(screen.getByRole('textbox', { name: /Specialties/ }), 'Running, Endurance');
    await user.click(screen.getByRole('button', { name: 'Create Trainer Profile' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/12'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      specialization: 'Running',
      yearsOfExperience: 4,
      specialties: ['Running', 'Endurance'],
      sessionPrice: null,
      location: 'Leeds',
    });
  });

  it('a client account is told trainer profiles belong to trainer accounts', async () => {
    mockFetch({ 'GET /api/auth/user': signedIn(makeUser()), 'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } } });
    renderAt('/trainer-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'No trainer profile' })).toBeInTheDocument();
  });
});

describe('/trainer-profile finish form with a photo', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('creates the profile, uploads the chosen photo, and only then opens the new profile', async () => {
    const user = userEvent.setup();
    const upload = deferred<{ status: number; body: unknown }>();
    const calls = mockFetch({
      'GET /api/auth/user': signedIn(owner),
      'GET /api/trainers/me': { status: 404, body: { message: 'Profile not found' } },
      'POST /api/trainers/profile': { status: 201, body: { ...trainer, id: 12 } },
      'POST /api/trainers/12/upload-photo': () => upload.promise,
    });
    renderAt('/trainer-profile');
    await screen.findByRole('heading', { level: 1, name: 'Finish your trainer profile' });
    fireEvent.change(screen.getByLabelText(/^Specialization/), { target: { value: 'Running' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Marathon coaching for every pace and age.' } });
    fireEvent.change(screen.getByLabelText(/^Years of experience/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/^Specialties/), { target: { value: 'Running' } });
    await user.upload(screen.getByLabelText('Profile photo'), file('me.webp', 'image/webp', 3000));
    await user.click(screen.getByRole('button', { name: 'Create Trainer Profile' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/trainers/12/upload-photo')).toBe(true));
    // Still here while the photo uploads (the new profile would show without it).
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/trainer-profile$/);
    expect(screen.getByRole('button', { name: /Create Trainer Profile/ })).toBeDisabled();
    upload.resolve({ status: 200, body: { profileImage: '/api/trainer-photos/n', profileImageThumb: '/api/trainer-photos/t' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/trainers/12'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/trainers/profile', '/api/trainers/12/upload-photo']);
  });
});
