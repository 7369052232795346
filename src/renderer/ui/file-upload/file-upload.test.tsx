import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkFiles, EXCLUDED_EXTENSIONS, isAllowedType, previewKind, readFileAsDataUrl } from './file-rules';
import { FileUpload, type UploadValue } from './file-upload';

const file = (name: string, bytes = 10, type = '') => new File([new Uint8Array(bytes)], name, { type });
const MB = 1024 * 1024;

function Uploader({ initial = { files: [], removedIds: [] }, maxFiles }: { initial?: UploadValue; maxFiles?: number }) {
  const [value, setValue] = useState<UploadValue>(initial);
  return (
    <>
      <FileUpload label="Attachments" value={value} onChange={setValue} maxFiles={maxFiles} />
      <output data-testid="removed">{value.removedIds.join(',')}</output>
    </>
  );
}

describe('file rules of spec section 5', () => {
  it('defaults to 1 file of 3 MB, with the three exact messages', () => {
    expect(checkFiles([file('a.pdf')], 0)).toBeNull();
    expect(checkFiles([file('a.pdf'), file('b.pdf')], 0)).toBe('You can upload only 1 files at a time.');
    expect(checkFiles([file('a.pdf')], 1)).toBe('You can upload only 1 files at a time.');
    expect(checkFiles([file('a.pdf', 3 * MB + 1)], 0)).toBe('Files must smaller than 3MB!');
    expect(checkFiles([file('a.pdf', 3 * MB)], 0)).toBeNull();
    expect(checkFiles([file('a.pdf', 6 * MB)], 0, { maxMegabytes: 5 })).toBe('Files must smaller than 5MB!');
    expect(checkFiles([file('setup.exe')], 0)).toBe('Unsupported File.');
    expect(checkFiles([file('a.pdf'), file('b.pdf'), file('c.pdf')], 0, { maxFiles: 2 })).toBe('You can upload only 2 files at a time.');
  });

  it('has patterns for images, video, audio, documents, excel and zip, and never exe, dmg or msi', () => {
    expect(isAllowedType(file('p.PNG'), ['images'])).toBe(true);
    expect(isAllowedType(file('clip.mp4'), ['video'])).toBe(true);
    expect(isAllowedType(file('song.mp3'), ['audio'])).toBe(true);
    expect(isAllowedType(file('cv.docx'), ['documents'])).toBe(true);
    expect(isAllowedType(file('sheet.xlsx'), ['excel'])).toBe(true);
    expect(isAllowedType(file('all.zip'), ['zip'])).toBe(true);
    expect(isAllowedType(file('cv.docx'), ['images'])).toBe(false);
    for (const extension of EXCLUDED_EXTENSIONS) expect(isAllowedType(file(`tool.${extension}`), ['images', 'video', 'audio', 'documents', 'excel', 'zip'])).toBe(false);
    expect(isAllowedType(file('README'), ['documents'])).toBe(false);
  });

  it('previews pdf, xls, xlsx, doc, docx, txt and zip as documents, images as thumbnails', () => {
    expect(['pdf', 'xls', 'xlsx', 'doc', 'docx', 'txt', 'zip'].map((extension) => previewKind(`f.${extension}`))).toEqual(Array(7).fill('document'));
    expect(previewKind('photo.jpeg')).toBe('image');
    expect(previewKind('song.mp3')).toBeNull();
  });

  it('rejects a read of a file gone since it was chosen (NotFoundError) with a message', async () => {
    const original = FileReader.prototype.readAsDataURL;
    FileReader.prototype.readAsDataURL = function (this: FileReader) {
      Object.defineProperty(this, 'error', { value: new DOMException('A requested file could not be found.', 'NotFoundError') });
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    };
    try {
      await expect(readFileAsDataUrl(file('gone.png'))).rejects.toThrow('"gone.png" could not be read: it was moved or deleted after you chose it. Choose it again.');
    } finally {
      FileReader.prototype.readAsDataURL = original;
    }
    await expect(readFileAsDataUrl(file('here.png', 3))).resolves.toMatch(/^data:/);
  });
});

describe('FileUpload', () => {
  it('adds a chosen file and refuses a second one with the spec message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Uploader />);
    const input = screen.getByLabelText('Attachments', { selector: 'input' });
    await user.upload(input, file('cv.pdf', 10, 'application/pdf'));
    expect(await screen.findByText('cv.pdf')).toBeInTheDocument();
    await user.upload(input, file('other.pdf', 10, 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can upload only 1 files at a time.');
  });

  it("refuses an unsupported file and one over 3 MB with the spec's messages", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Uploader maxFiles={3} />);
    const input = screen.getByLabelText('Attachments', { selector: 'input' });
    await user.upload(input, file('setup.exe', 10, 'application/x-msdownload'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported File.');
    await user.upload(input, file('big.pdf', 3 * MB + 1, 'application/pdf'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Files must smaller than 3MB!'));
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();
  });

  it('lists stored files ({url, fileName, _id}) and keeps the ids of the removed ones', async () => {
    const user = userEvent.setup();
    render(<Uploader maxFiles={3} initial={{ files: [{ url: 'https://files.test/a.pdf', fileName: 'offer.pdf', _id: 'f1' }, { url: 'https://files.test/b.png', fileName: 'photo.png', _id: 'f2' }], removedIds: [] }} />);
    expect(screen.getByRole('link', { name: 'offer.pdf' })).toHaveAttribute('href', 'https://files.test/a.pdf');
    expect(screen.getByText('PDF')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove offer.pdf' }));
    expect(screen.queryByText('offer.pdf')).not.toBeInTheDocument();
    expect(screen.getByTestId('removed')).toHaveTextContent('f1');
  });

  it('opens the picker from the keyboard', async () => {
    render(<Uploader />);
    const zone = screen.getByRole('button', { name: 'Attachments Drop files here, or choose them' });
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(zone).toHaveAccessibleDescription('Up to 1 file, 3 MB each');
  });
});
