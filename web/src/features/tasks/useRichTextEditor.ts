import { getUploadImageExtension, Link } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { TaskImage } from './TaskImage';

interface RichTextEditorOptions {
  /** The HTML to start from; later changes of it are not applied (the editor owns its text). */
  content: string;
  onChange?: (html: string) => void;
  /** Uploads a picked, pasted or dropped image and resolves to its URL; without it the editor takes no images. */
  uploadImage?: (file: File) => Promise<string>;
  /** Called when an image could not be uploaded. */
  onUploadError?: (error: unknown) => void;
  editable?: boolean;
  /** Names the editable area for screen readers. */
  ariaLabel: string;
}

/** A tiptap editor for task rich text: StarterKit, links, and images when `uploadImage` is given. */
export function useRichTextEditor({ content, onChange, uploadImage, onUploadError, editable = true, ariaLabel }: RichTextEditorOptions) {
  const callbacks = useRef({ onChange, uploadImage, onUploadError });
  useEffect(() => {
    callbacks.current = { onChange, uploadImage, onUploadError };
  });

  // Made once: tiptap compares extensions by identity on every render.
  const [extensions] = useState(() => [
    // StarterKit brings its own link extension; Mantine's adds the link control's shortcut.
    StarterKit.configure({ link: false }),
    Link.configure({ openOnClick: false }),
    ...(uploadImage
      ? [
          getUploadImageExtension(TaskImage, {
            onImageUpload: (file) => callbacks.current.uploadImage!(file),
            onImageUploadError: (_file, error) => callbacks.current.onUploadError?.(error),
          }),
        ]
      : []),
  ]);

  const editor = useEditor({
    extensions,
    content,
    editable,
    editorProps: { attributes: { 'aria-label': ariaLabel } },
    onUpdate: ({ editor: current }) => callbacks.current.onChange?.(current.getHTML()),
  });

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  return editor;
}
