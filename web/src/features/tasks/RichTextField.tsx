import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';

interface RichTextFieldProps {
  editor: Editor | null;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Shows the image button; the editor must have been made with `uploadImage`. */
  withImageUpload?: boolean;
  minHeight?: number;
}

/**
 * A labelled Mantine rich text editor with the formatting the server's allow-list keeps.
 * The label is a div: the editor is a content-editable named by its own aria-label.
 */
export function RichTextField({ editor, label, error, required, withImageUpload, minHeight = 160 }: RichTextFieldProps) {
  return (
        <Input.Wrapper label={label} labelElement="div" error={error} required={required}>
      <RichTextEditor
        editor={editor}
        mt={label ? 4 : undefined}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        labels={{ imageUploadControlLabel: 'Upload image' }}
      >
        {/* Someone who may only read the text gets no formatting buttons. */}
        {editor?.isEditable !== false && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.Code />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.Blockquote />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.CodeBlock />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
              {withImageUpload && <RichTextEditor.ImageUpload accept="image/png,image/jpeg,image/webp,image/gif" />}
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
