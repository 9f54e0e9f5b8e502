import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { registerStrings } from '../lib/lazy-strings.ts';
import en from '../locales/rich-text-input/en.json';
import pl from '../locales/rich-text-input/pl.json';

// Its toolbar's names come with it: the editors that use it (quizzes, articles) are lazy back-office pages.
registerStrings({ pl, en });

/** The toolbar's names in the interface's language (they are the buttons' aria-labels). */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return {
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    strikeControlLabel: t('richText.strike'),
    h2ControlLabel: t('richText.h2'),
    h3ControlLabel: t('richText.h3'),
    bulletListControlLabel: t('richText.bulletList'),
    orderedListControlLabel: t('richText.orderedList'),
    linkControlLabel: t('richText.link'),
    unlinkControlLabel: t('richText.unlink'),
    linkEditorInputLabel: t('richText.linkUrl'),
    linkEditorInputPlaceholder: 'https://example.com',
    linkEditorSave: t('common.save'),
    linkEditorExternalLink: t('richText.linkExternal'),
    linkEditorInternalLink: t('richText.linkInternal'),
    undoControlLabel: t('richText.undo'),
    redoControlLabel: t('richText.redo'),
  };
}

/**
 * Rich text (SPEC.md: quiz text, question text, article content) with Mantine's tiptap editor: StarterKit without its
 * own link (Mantine's Link replaces it). The value is HTML; an empty document is ''. A value set
 * from outside (cancel, clear) replaces the document.
 */
export function RichTextInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const labels = useEditorLabels();
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    // The field's heading names it on screen; the editable area carries the name for screen readers.
    <Input.Wrapper error={error}>
      <RichTextEditor editor={editor} labels={labels}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
