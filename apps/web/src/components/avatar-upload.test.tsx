import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import * as avatarUploads from '@/lib/avatar-upload';
import { AvatarUpload } from './avatar-upload';

// A spy on the module rather than vi.mock: web test files share one module graph per worker.
const upload = vi.spyOn(avatarUploads, 'uploadAvatarFile');
afterAll(() => upload.mockRestore());

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

async function choose(files: File[]) {
  const input = screen.getByTestId('avatar-file-input');
  // The input is hidden behind the button; `applyAccept: false` lets a wrong type through, as a drop would.
  await userEvent.setup({ applyAccept: false }).upload(input, files);
}

beforeEach(() => {
  upload.mockReset();
});

describe('avatar upload (spec §5, §8)', () => {
  it('says "Successfully uploaded avatar." when no success callback is given', async () => {
    upload.mockResolvedValue('upload-1');
    const onUploaded = vi.fn();
    renderWithProviders(
      <AvatarUpload
        resourceType="user"
        resourceId="iam-1"
        source="my-profile"
        onUploaded={onUploaded}
      />,
    );
    await choose([png()]);
    expect(await screen.findByText('Successfully uploaded avatar.')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({ resourceType: 'user', resourceId: 'iam-1', source: 'my-profile' }),
    );
    expect(onUploaded).toHaveBeenCalledWith('upload-1');
  });

  it('says "An error occurred while trying to upload the avatar." when no error callback is given', async () => {
    upload.mockRejectedValue(new Error('415'));
    renderWithProviders(
      <AvatarUpload resourceType="user" resourceId="iam-1" source="my-profile" />,
    );
    await choose([png()]);
    expect(
      await screen.findByText('An error occurred while trying to upload the avatar.'),
    ).toBeInTheDocument();
  });

  it('calls the callbacks instead of the messages when they are supplied', async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    upload.mockResolvedValueOnce('upload-2').mockRejectedValueOnce(new Error('boom'));
    renderWithProviders(
      <AvatarUpload
        resourceType="storyfile"
        resourceId="sf-1"
        source="storyfile-settings"
        onSuccess={onSuccess}
        onError={onError}
      />,
    );
    await choose([png()]);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('upload-2'));
    await choose([png()]);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('boom')));
    expect(screen.queryByText('Successfully uploaded avatar.')).toBeNull();
    expect(screen.queryByText('An error occurred while trying to upload the avatar.')).toBeNull();
  });

  it('refuses a gif before uploading', async () => {
    renderWithProviders(
      <AvatarUpload resourceType="user" resourceId="iam-1" source="my-profile" />,
    );
    await choose([new File(['x'], 'a.gif', { type: 'image/gif' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An avatar must be a png or jpeg image.',
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses two dropped files before uploading', async () => {
    renderWithProviders(
      <AvatarUpload resourceType="user" resourceId="iam-1" source="my-profile" />,
    );
    const zone = screen.getByTestId('avatar-file-input').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [png(), png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose exactly one image for the avatar.',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});
