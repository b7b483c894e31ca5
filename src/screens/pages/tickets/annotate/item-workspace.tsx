import { Empty, Modal, Space, Spin, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '../../../components/schema/cells/format';
import type { Annotation, Item, Label } from '../tickets-api';
import { AnnotationTable } from './annotation-table';
import { ItemVerdict } from './item-verdict';
import { RangeForm } from './range-form';
import { draftOf, draftProblem, emptyDraft, type RangeDraft } from './range-draft';
import type { Recording } from './recording-api';
import { Timeline } from './timeline';
import { annotationAt } from './timeline-math';
import type { AnnotateWrites } from './use-annotate-writes';
import { useShortcuts } from './use-shortcuts';
import { useVerdict } from './use-verdict';
import { itemName, labelName } from './work-rules';

interface ItemWorkspaceProps {
  item: Item;
  /** The caller is the job's assignee and the job is open: everything here can change; otherwise it is only shown. */
  editable: boolean;
  recording: Recording | undefined;
  recordingFailed: boolean;
  annotations: readonly Annotation[];
  labels: readonly Label[];
  writes: AnnotateWrites;
  /** To the next (1) or previous (-1) item of the job. */
  onStep: (step: number) => void;
}

/**
 * One item at work: its recording's timeline, the range being marked, its annotations and its
 * verdict, all within reach of the keyboard. Mounted per item (keyed), so nothing of one item's
 * marking carries over to the next.
 */
export function ItemWorkspace({ item, editable, recording, recordingFailed, annotations, labels, writes, onStep }: ItemWorkspaceProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RangeDraft>(emptyDraft);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  // Where the pointer last was on the timeline; read by `[` and `]`, so kept out of render.
  const cursor = useRef<number | null>(null);
  const labelsById = useMemo(() => new Map(labels.map((each) => [each.id, each])), [labels]);
  const failures = useMemo(() => labels.filter((each) => each.labelType === 'failure').map((each) => each.name), [labels]);
  const verdict = useVerdict(item, writes.judge);
  const duration = recording?.durationSeconds ?? 0;
  const canMark = editable && recording !== undefined;

  const change = (changes: Partial<RangeDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const clear = () => {
    setDraft(emptyDraft());
    setSelectedId(null);
  };
  const save = () => {
    if (!canMark || writes.busy || draftProblem(draft, duration)) return;
    // The next range is often marked with the same label: it stays chosen.
    void writes.saveAnnotation(draft).then((done) => done && setDraft({ ...emptyDraft(), labelId: draft.labelId }));
  };
  const edit = (annotation: Annotation) => {
    setSelectedId(annotation.id);
    setDraft(draftOf(annotation));
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const gone = deleting;
    void writes.deleteAnnotation(gone).then((done) => {
      setDeleting(null);
      if (!done) return;
      if (selectedId === gone.id) setSelectedId(null);
      if (draft.editing?.id === gone.id) setDraft(emptyDraft());
    });
  };
  const atCursor = (end: 'start' | 'end') => () => {
    if (cursor.current !== null) change({ [end]: cursor.current });
  };

  useShortcuts(
    {
      rangeStart: canMark ? atCursor('start') : undefined,
      rangeEnd: canMark ? atCursor('end') : undefined,
      save: canMark ? save : undefined,
      qualified: editable ? () => verdict.choose('qualified') : undefined,
      unqualified: editable ? () => verdict.choose('unqualified') : undefined,
      nextItem: () => onStep(1),
      previousItem: () => onStep(-1),
      deleteAnnotation: editable
        ? () => {
            const selected = annotations.find((annotation) => annotation.id === selectedId);
            if (selected) setDeleting(selected);
          }
        : undefined,
      clear,
    },
    deleting === null, // the dialog's own keys meanwhile
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap size="large">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {recording?.bagName ?? itemName(item)}
        </Typography.Title>
        {recording && (
          <Typography.Text type="secondary">
            {[
              recording.robotType,
              formatDuration(recording.durationSeconds, t('common:durationUnits', { returnObjects: true }) as [string, string, string, string]),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        )}
        <ItemVerdict item={item} failures={failures} editable={editable} busy={writes.busy} verdict={verdict} />
      </Space>
      {recording ? (
        <Timeline
          recording={recording}
          annotations={annotations}
          labels={labelsById}
          range={draft}
          selectedId={selectedId}
          editable={canMark}
          onCursor={(seconds) => (cursor.current = seconds)}
          onRange={change}
          onPick={(seconds) => setSelectedId(annotationAt(seconds, annotations)?.id ?? null)}
        />
      ) : recordingFailed ? (
        <Empty description={t('annotate:timeline.failed')} />
      ) : (
        <Spin />
      )}
      {canMark && (
        <RangeForm
          draft={draft}
          duration={duration}
          labels={labels}
          busy={writes.busy}
          onChange={change}
          onSave={save}
          onCancel={() => setDraft({ ...emptyDraft(), labelId: draft.labelId })}
        />
      )}
      <section>
        <Typography.Text strong>{t('annotate:annotations.title', { count: annotations.length })}</Typography.Text>
        <AnnotationTable
          annotations={annotations}
          labels={labelsById}
          selectedId={selectedId}
          editable={editable}
          onSelect={(annotation) => setSelectedId(annotation.id)}
          onEdit={edit}
          onDelete={setDeleting}
        />
      </section>
      <Modal
        open={deleting !== null}
        title={t('annotate:annotations.deleteTitle')}
        okText={t('annotate:annotations.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:cancel')}
        confirmLoading={writes.busy}
        onOk={confirmDelete}
        onCancel={() => setDeleting(null)}
        destroyOnHidden
      >
        {deleting &&
          t('annotate:annotations.deleteContent', {
            label: labelName(deleting, labelsById),
            start: formatNumber(deleting.startOffset, 3),
            end: formatNumber(deleting.endOffset, 3),
          })}
      </Modal>
    </Space>
  );
}
