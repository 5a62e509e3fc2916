// @vitest-environment jsdom
import { ThemeProvider } from '@mui/material/styles';
import { VALIDATION_MESSAGES } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { testTheme } from '../data-table/test-utils';
import { NotificationProvider } from '../notifications/NotificationProvider';
import { FileUpload } from './FileUpload';
import type { FileLimits } from './file-selection';

const MB = 1024 * 1024;
const LIMITS: FileLimits = { accept: ['image/png', 'image/jpeg'], maxTotalBytes: 100 * MB, maxFiles: 3 };

/** A file that says it is `size` bytes long without holding them. */
function file(name: string, size = 2048, type = 'image/png'): File {
  const made = new File([new Uint8Array(8)], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FileUpload
      label="Trace route images"
      files={files}
      onChange={setFiles}
      limits={LIMITS}
      acceptedTypes="PNG or JPEG images"
    />
  );
}

function renderUpload() {
  render(
    <ThemeProvider theme={testTheme}>
      <NotificationProvider>
        <Harness />
      </NotificationProvider>
    </ThemeProvider>,
  );
}

const listed = () => screen.queryAllByRole('listitem').map((item) => item.textContent);
const drop = (...files: File[]) => fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files } });

describe('FileUpload', () => {
  it('lists chosen files with their sizes and removes them', async () => {
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Trace route images', { selector: 'input' }), [
      file('one.png', 1536),
      file('two.jpg', 12 * MB, 'image/jpeg'),
    ]);
    expect(listed()).toEqual(['one.png1.5 KB', 'two.jpg12 MB']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove one.png' }));
    expect(listed()).toEqual(['two.jpg12 MB']);
  });

  it('leaves out dropped files that are not images and says why', () => {
    renderUpload();
    drop(file('notes.txt', 10, 'text/plain'), file('trace.png'));
    expect(listed()).toEqual(['trace.png2 KB']);
    expect(screen.getByRole('alert').textContent).toBe(
      'notes.txt was not added: only PNG or JPEG images can be uploaded, up to 3 files and 100 MB in all.',
    );
  });

  it('ignores files beyond the count and says so', async () => {
    renderUpload();
    drop(file('1.png'), file('2.png'), file('3.png'), file('4.png'));
    expect(listed()).toHaveLength(3);
    expect(await screen.findByText(VALIDATION_MESSAGES.exceededMaxFileCount)).toBeTruthy();
  });

  it('leaves out a file that would take the total over the size limit and says so', async () => {
    renderUpload();
    drop(file('big.png', 60 * MB), file('bigger.png', 50 * MB));
    expect(listed()).toEqual(['big.png60 MB']);
    expect(await screen.findByText(VALIDATION_MESSAGES.exceededMaxUploadSize)).toBeTruthy();
  });
});
