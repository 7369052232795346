import { useEffect, useId, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MEGABYTES } from '../../../shared/limits';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { t as translate, useT } from '../../i18n/screens';
import { AlertMessage } from '../alert-message';
import { acceptFor, ALL_FILE_KINDS, checkFiles, extensionOf, previewKind, readFileAsDataUrl, uploadFileName, type FileKind, type UploadFile } from './file-rules';
import './file-upload.css';

export interface UploadValue {
  files: UploadFile[];
  /** The _id of every stored file the user removed (spec section 3), for the server to delete on save. */
  removedIds: string[];
}

interface FileUploadProps {
  label: string;
  value: UploadValue;
  onChange: (value: UploadValue) => void;
  /** Spec section 5: 1 file by default. */
  maxFiles?: number;
  /** Spec section 5: 3 MB each by default. */
  maxMegabytes?: number;
  kinds?: readonly FileKind[];
}

/**
 * The uploader (spec sections 3 and 5): react-dropzone gives the drop area and the file picker (click, Enter or
 * Space), and this checks every file against the limits with the spec's messages, lists the files with a preview,
 * and keeps the ids of removed stored files.
 */
export function FileUpload({ label, value, onChange, maxFiles = UPLOAD_MAX_FILES, maxMegabytes = UPLOAD_MAX_MEGABYTES, kinds = ALL_FILE_KINDS }: FileUploadProps) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: acceptFor(kinds),
    multiple: maxFiles > 1,
    // Every file comes back to us, accepted by the picker or not, so the messages are the spec's.
    onDrop: (accepted, rejected) => {
      const dropped = [...accepted, ...rejected.map((rejection) => rejection.file)];
      const problem = checkFiles(dropped, value.files.length, { maxFiles, maxMegabytes, kinds });
      setError(problem);
      if (!problem) onChange({ ...value, files: [...value.files, ...dropped.map((obj) => ({ obj }))] });
    },
  });

  const remove = (index: number) => {
    const file = value.files[index]!;
    setError(null);
    onChange({ files: value.files.filter((_, at) => at !== index), removedIds: '_id' in file ? [...value.removedIds, file._id] : value.removedIds });
  };

  return (
    <div className="field file-upload">
      <span className="field-label" id={`${hintId}-label`}>
        {label}
      </span>
      {/* The input sits beside the drop area, not inside it: a control inside a button is unreachable to assistive
          technology (axe nested-interactive). The button's name starts with the label and holds its visible text. */}
      <input {...getInputProps({ 'aria-label': label })} />
      <div
        {...getRootProps({
          className: `file-drop${isDragActive ? ' file-drop-active' : ''}`,
          role: 'button',
          'aria-labelledby': `${hintId}-label ${hintId}-action`,
          'aria-describedby': hintId,
        })}
      >
        <span id={`${hintId}-action`}>{t('upload.drop')}</span>
      </div>
      <span id={hintId} className="file-hint">
        {t('upload.limits', { maxFiles, maxMegabytes })}
      </span>
      <AlertMessage message={error && problemText(error, { maxFiles, maxMegabytes })} />
      {value.files.length ? (
        <ul className="file-list" aria-label={t('upload.chosenFiles', { label })}>
          {value.files.map((file, index) => (
            <li key={'_id' in file ? file._id : `${file.obj.name}-${index}`} className="file-item">
              <FilePreview file={file} onError={setError} />
              <span className="file-name">{'url' in file ? <a href={file.url} target="_blank" rel="noopener noreferrer">{file.fileName}</a> : file.obj.name}</span>
              <button type="button" className="button button-link" onClick={() => remove(index)} aria-label={t('upload.removeLabel', { name: uploadFileName(file) })}>
                {t('upload.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A problem of checkFiles in the language shown: its limits are numbers, so they are the catalog's upload.* messages
 * with arguments (the others, such as 'Unsupported File.', AlertMessage finds by their English).
 */
function problemText(problem: string, { maxFiles, maxMegabytes }: { maxFiles: number; maxMegabytes: number }): string {
  if (problem === KIT_MESSAGES.filesTooLarge(maxMegabytes)) return translate('upload.tooLarge', { megabytes: maxMegabytes });
  if (problem === KIT_MESSAGES.tooManyFiles(maxFiles)) return translate('upload.tooMany', { count: maxFiles });
  return problem;
}

/** A thumbnail for an image, a type badge for a previewable document. */
function FilePreview({ file, onError }: { file: UploadFile; onError: (message: string) => void }) {
  const name = uploadFileName(file);
  const kind = previewKind(name);
  const [thumbnail, setThumbnail] = useState<string | null>('url' in file ? file.url : null);
  useEffect(() => {
    if (kind !== 'image' || !('obj' in file)) return;
    let live = true;
    readFileAsDataUrl(file.obj).then(
      (url) => live && setThumbnail(url),
      (failure: Error) => live && onError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [file, kind, onError]);
  if (kind === 'image' && thumbnail) return <img className="file-thumb" src={thumbnail} alt="" width={40} height={40} />;
  if (kind === 'document') return <span className="file-badge" aria-hidden="true">{extensionOf(name).toUpperCase()}</span>;
  return <span className="file-badge" aria-hidden="true">FILE</span>;
}
