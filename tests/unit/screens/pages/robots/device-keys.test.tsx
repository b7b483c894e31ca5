import { http as mock, HttpResponse } from 'msw';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../../../src/providers/i18n';
import { notifier } from '../../../../../src/providers/notifier';
import { sessionStore } from '../../../../../src/providers/session-store';
// Its popup loads on the first click that asks: here it is in before the tests.
import '../../../../../src/screens/components/schema/actions/confirm-popup';
import CompileServerKeys from '../../../../../src/screens/pages/robots/compile-server-keys';
import RobotKeys from '../../../../../src/screens/pages/robots/robot-keys';
import { installBrowserShims } from '../../../browser-shims';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';
import { buttonNamed, byTestId, confirmPopup, mountInShell, noAccounts, typeInto } from '../../shell-mount';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = mockApi();
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  installBrowserShims();
  await loadNamespaces(['robot', 'compileServer', 'robotKey', 'compileServerKey', 'accessKey']);
});
beforeEach(() => {
  sessionStore.save('token', accountOf('rd'), tenantOf());
  noAccounts(server);
  vi.spyOn(notifier, 'success').mockImplementation(() => undefined);
});

const key = (id: number, name: string, status: 'enabled' | 'disabled', lastUsedAt: string | null) => ({
  id,
  robotId: 5,
  name,
  keyId: `EDPRK${id}`,
  secretHash: '',
  status,
  lastUsedAt,
  createdBy: 'rd',
  updatedBy: 'rd',
  createdTime: '2026-11-01T09:00:00.000Z',
  updatedTime: '2026-11-01T09:00:00.000Z',
  titles: { robotId: 'Arm 1' },
});

/** The API of one kind of key: its list (each query kept), create and transitions (each body kept by its call). */
function serveKeys(entity: string, records: Record<string, unknown>[], extras: Record<string, unknown> = {}) {
  const queries: URLSearchParams[] = [];
  const posted: [string, unknown][] = [];
  server.use(
    mock.get(`*/api/v1/device/${entity}/query`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(envelope({ records, total: records.length, pageNum: 1, pageSize: 100 }));
    }),
    mock.post(`*/api/v1/device/${entity}/:action`, async ({ request, params }) => {
      const body = await request.json();
      posted.push([String(params.action), body]);
      return HttpResponse.json(envelope(params.action === 'create' ? { id: 13, ...(body as object), extras } : [{ id: 11 }]));
    }),
  );
  return { queries, posted };
}

const rowsOf = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

/** Opens the new key dialog, names the key and confirms. */
async function createKey(name: string) {
  await act(async () => (await byTestId('new-device-key')).click());
  await typeInto((await byTestId('device-key-name')) as HTMLInputElement, name);
  await act(async () => buttonNamed('确定', document.querySelector('.ant-modal')!)!.click());
}

describe("a device's report keys", () => {
  it("lists the robot's keys by name, key id, status and last use, with their buttons", async () => {
    const { queries } = serveKeys('robot-key', [key(11, 'arm', 'enabled', '2026-11-01T10:00:00.000Z'), key(12, 'spare', 'disabled', null)]);
    await mountInShell(<RobotKeys record={{ id: 5 }} />);
    const section = await byTestId('device-keys');
    await vi.waitFor(() => expect(rowsOf(section)).toHaveLength(2));
    expect(section.querySelector('h5')!.textContent).toBe('上报密钥');
    expect([...section.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(['名称', '密钥 ID', '状态', '最近使用时间', '操作']);
    const [arm, spare] = rowsOf(section).map(cellTexts);
    expect(arm!.slice(0, 3)).toEqual(['arm', 'EDPRK11', '已启用']);
    expect(arm![3]).toMatch(/^2026-11-01 \d\d:00:00$/);
    expect(spare!.slice(0, 4)).toEqual(['spare', 'EDPRK12', '已禁用', '-']);
    expect(rowsOf(section)[0]!.querySelector('[aria-label="复制"]')).not.toBeNull(); // the key id is copyable
    // the robot's keys alone, all on one page
    expect(Object.fromEntries(queries[0]!)).toMatchObject({ robotId: '5', pageSize: '100' });
    const buttons = (row: HTMLElement) =>
      [...row.querySelectorAll<HTMLButtonElement>('.edp-row-actions button')].map((button) => [button.textContent, button.disabled]);
    expect(buttons(rowsOf(section)[0]!)).toEqual([
      ['禁用', false],
      ['启用', true],
      ['删除', false],
    ]);
  });

  it('makes a key with a name and shows its id and secret once, to copy, with how the robot sends them', async () => {
    const { queries, posted } = serveKeys('robot-key', [key(11, 'arm', 'enabled', null)], { robotKey: { keyId: 'EDPRKNEW', secret: 's3cret' } });
    await mountInShell(<RobotKeys record={{ id: 5 }} />);
    await vi.waitFor(() => expect(queries).toHaveLength(1));
    await createKey('  gripper  ');
    const created = await byTestId('device-key-created');
    expect(posted).toEqual([['create', { robotId: 5, name: 'gripper' }]]);
    expect((await byTestId('device-key-id')).textContent).toBe('EDPRKNEW');
    expect((await byTestId('device-key-secret')).textContent).toBe('s3cret');
    expect(created.textContent).toContain('密钥只显示这一次，请立即写入机器人配置。');
    expect(created.textContent).toContain('机器人用此密钥上报心跳：Authorization: Bearer <密钥 ID>.<密钥>');
    expect(created.textContent).toContain('Authorization: Bearer EDPRKNEW.s3cret');
    // a copy button each for the id, the secret and the header
    expect(created.querySelectorAll('.ant-typography-copy')).toHaveLength(3);
    // the list is read again with the new key; the secret goes with the dialog
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    await act(async () => buttonNamed('确定', document.querySelector('.ant-modal')!)!.click());
    await vi.waitFor(() => expect(document.querySelector('[data-testid="device-key-created"]')).toBeNull());
  });

  it('asks for a name by the key’s own rule, and sends nothing without one', async () => {
    const { posted } = serveKeys('robot-key', []);
    await mountInShell(<RobotKeys record={{ id: 5 }} />);
    await createKey('');
    await vi.waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('请输入名称'));
    expect(posted).toEqual([]);
  });

  it('disables a key after asking, enables one at once, and deletes one after asking, reading the list again after each', async () => {
    const { queries, posted } = serveKeys('robot-key', [key(11, 'arm', 'enabled', null), key(12, 'spare', 'disabled', null)]);
    await mountInShell(<RobotKeys record={{ id: 5 }} />);
    const section = await byTestId('device-keys');
    await vi.waitFor(() => expect(rowsOf(section)).toHaveLength(2));
    const press = async (row: number, text: string) => act(async () => buttonNamed(text, rowsOf(section)[row])!.click());
    await press(0, '禁用');
    expect(posted).toEqual([]);
    await confirmPopup('确定对该记录执行“禁用”吗？');
    await vi.waitFor(() => expect(posted).toEqual([['disable', { ids: [11] }]]));
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    await press(1, '启用');
    await vi.waitFor(() => expect(posted.at(-1)).toEqual(['enable', { ids: [12] }]));
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    await press(1, '删除');
    await confirmPopup('确定删除这条记录吗？');
    await vi.waitFor(() => expect(posted.at(-1)).toEqual(['delete', { ids: [12] }]));
    await vi.waitFor(() => expect(queries).toHaveLength(4));
  });

  it("lists and makes a compile server's keys through its own API, field and texts", async () => {
    const record = { ...key(21, 'builder', 'enabled', null), robotId: undefined, compileServerId: 3 };
    const { queries, posted } = serveKeys('compile-server-key', [record], { compileServerKey: { keyId: 'EDPCK21', secret: 'c0mpile' } });
    await mountInShell(<CompileServerKeys record={{ id: 3 }} />);
    const section = await byTestId('device-keys');
    await vi.waitFor(() => expect(rowsOf(section)).toHaveLength(1));
    expect(Object.fromEntries(queries[0]!)).toMatchObject({ compileServerId: '3', pageSize: '100' });
    expect(cellTexts(rowsOf(section)[0]!).slice(0, 3)).toEqual(['builder', 'EDPRK21', '已启用']);
    await createKey('ci');
    expect(posted).toEqual([['create', { compileServerId: 3, name: 'ci' }]]);
    const created = await byTestId('device-key-created');
    expect((await byTestId('device-key-secret')).textContent).toBe('c0mpile');
    expect(created.textContent).toContain('编译服务器用此密钥上报状态');
  });
});
