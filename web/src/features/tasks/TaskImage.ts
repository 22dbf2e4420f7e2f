import { mergeAttributes, Node } from '@tiptap/react';

/**
 * An image in a Summary: a block `<img>` with `src` and `alt`, the attributes
 * the server's allow-list keeps (it keeps only images served from the
 * company's own task-image route). Written here because
 * @tiptap/extension-image is not a dependency; Mantine's upload extension
 * builds on it.
 */
export const TaskImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});
