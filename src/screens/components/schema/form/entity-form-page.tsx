import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifier } from '../../../../providers/notifier';
import { recordPath } from '../../../../../model/resources/index';
import { PagePanel } from '../../page/page-panel';
import { showCreatedExtras } from './created-extras';
import { EntityForm } from './entity-form';
import { entityByName } from '../../../../../model/schemas/index';
import { useEntityRoute } from '../shared/use-entity-route';
import { presetRecord } from '../shared/use-preset';

/** The generated create and edit pages; saving goes to the record's page. */
export default function EntityFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useEntityRoute();
  const { entry, list, id } = route;
  const entity = entityByName.get(route.entity.name)!; // with its validators
  const mode = entry.view === 'edit' ? 'edit' : 'create';
  return (
    <PagePanel title={`${t(list.label)} · ${t(`common:views.${mode}`)}`}>
      <EntityForm
        list={list}
        entity={entity}
        mode={mode}
        id={id}
        preset={mode === 'create' ? presetRecord(list, entity) : undefined}
        onCancel={() => navigate(-1)}
        onSaved={(record) => {
          notifier.success(t(mode === 'create' ? 'common:created' : 'common:saved'));
          showCreatedExtras(record.extras as Record<string, unknown> | undefined, t);
          navigate(recordPath(list, 'show', record)!, { replace: true });
        }}
      />
    </PagePanel>
  );
}
