/**
 * Pictures a member attaches to a ticket message or an after-sales case: gif, png, jpg, jpeg or
 * bmp, each at most 2 MB, at most 3. A file that breaks a rule, or is no picture the browser can
 * draw, is refused at once, with the reason beside the field, and never sent; one the server
 * refuses all the same leaves the list (`refuse`), said beside the field too.
 */
import { useState } from 'react';
import type { Translate } from '../../lib/i18n/translator.ts';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENTS_MAX } from '../../lib/constants.ts';
import { isImageFileName } from '../../lib/validation/rules.ts';
import { controlId, FieldGroup } from '../forms/fields.tsx';
import { codeText, type FormHandle } from '../forms/use-form.ts';

export interface Attachment {
  name: string;
  dataUrl: string;
}

/** Why a picked file cannot be attached, or null. */
export function attachmentProblem(file: { name: string; size: number }, alreadyChosen: number): string | null {
  if (alreadyChosen >= TICKET_ATTACHMENTS_MAX) return 'TK_ATTACHMENT_COUNT';
  if (!isImageFileName(file.name)) return 'TK_ATTACHMENT_TYPE';
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return 'TK_ATTACHMENT_SIZE';
  return null;
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** Whether the browser can draw the picture. */
const isPicture = (dataUrl: string) =>
  new Promise<boolean>((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0);
    image.onerror = () => resolve(false);
    image.src = dataUrl;
  });

export function useAttachments() {
  const [files, setFiles] = useState<Attachment[]>([]);
  /** The server refused the picture at `index`: it leaves the list (no preview of it stays), and `say` is told its name. */
  const refuse = (index: number, say: (name: string) => void) => {
    const file = files[index];
    if (!file) return;
    setFiles((current) => current.filter((_, i) => i !== index));
    say(file.name);
  };
  return { files, setFiles, refuse, clear: () => setFiles([]) };
}

export function AttachmentInput({
  form,
  t,
  attachments,
}: {
  form: FormHandle;
  t: Translate;
  attachments: ReturnType<typeof useAttachments>;
}) {
  const id = controlId(form, 'attachments');
  async function pick(list: FileList | null) {
    form.showError('attachments', null);
    const added: Attachment[] = [];
    for (const file of list ? [...list] : []) {
      const problem = attachmentProblem(file, attachments.files.length + added.length);
      if (problem) {
        form.showError('attachments', `${file.name}: ${codeText(t, problem)}`);
        continue;
      }
      const dataUrl = await readDataUrl(file);
      // A file named as a picture that is none would show a broken preview and be refused on sending: refused now.
      if (!(await isPicture(dataUrl))) {
        form.showError('attachments', `${file.name}: ${codeText(t, 'TK_ATTACHMENT_TYPE')}`);
        continue;
      }
      added.push({ name: file.name, dataUrl });
    }
    if (added.length) attachments.setFiles((current) => [...current, ...added]);
  }
  return (
    <FieldGroup
      form={form}
      group="attachments"
      label={t('account.tickets.attachments')}
      labelFor={id}
      hint={t('account.tickets.attachmentRules', { count: TICKET_ATTACHMENTS_MAX, size: TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
    >
      {/* Not named: the pictures are sent from state, as data URLs, not as a form field. */}
      <input
        id={id}
        type="file"
        accept=".gif,.png,.jpg,.jpeg,.bmp,image/gif,image/png,image/jpeg,image/bmp"
        multiple
        disabled={attachments.files.length >= TICKET_ATTACHMENTS_MAX}
        onChange={(event) => {
          void pick(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {attachments.files.length > 0 && (
        <ul className="attachment-list">
          {attachments.files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <img src={file.dataUrl} alt="" width={48} height={48} />
              <span>{file.name}</span>
              <button
                type="button"
                className="link-button"
                aria-label={t('account.tickets.removeAttachment', { name: file.name })}
                onClick={() => attachments.setFiles((current) => current.filter((_, j) => j !== i))}
              >
                {t('account.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </FieldGroup>
  );
}
