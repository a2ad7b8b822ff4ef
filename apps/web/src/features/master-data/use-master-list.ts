import { useMemo } from 'react';
import { useList, type ListParams } from '../../api/get-list.ts';
import { useListController, type ListControllerConfig } from '../../hooks/use-list-controller.ts';
import type { Finds, MasterListConfig, MasterRow } from './master-config.ts';

export type FilterValues = Record<string, string | number | ''>;

const urlConfigs = new WeakMap<MasterListConfig, ListControllerConfig>();

/** The URL layout of a master screen's list: the search and the screen's filters; no dates. */
function masterUrlConfig(config: MasterListConfig): ListControllerConfig {
  let urlConfig = urlConfigs.get(config);
  if (!urlConfig) {
    urlConfig = {
      listPath: config.resource.path,
      searchBy: [],
      filterKeys: (config.filters ?? []).map((f) => f.field),
    };
    urlConfigs.set(config, urlConfig);
  }
  return urlConfig;
}

/** A filter's value as its field holds it: the option's own value (a number for 1/0 statuses). */
function typedFilters(
  config: MasterListConfig,
  filters: Readonly<Record<string, string>>,
): FilterValues {
  const typed: FilterValues = {};
  for (const [field, text] of Object.entries(filters)) {
    const option = config.resource.fields
      .find((f) => f.name === field)
      ?.options?.find((o) => String(o.value) === text);
    typed[field] = option ? option.value : text;
  }
  return typed;
}

/**
 * A master screen's list (spec §2, §4): the list controller's state (search, filters, page,
 * page size and sort, in the URL) turned into the list call.
 */
export function useMasterList(config: MasterListConfig) {
  const { resource } = config;
  const controller = useListController(masterUrlConfig(config));
  const { q, page, pageSize, sort } = controller.state;
  const filters = useMemo(
    () => typedFilters(config, controller.state.filters),
    [config, controller.state.filters],
  );

  const searchFields = useMemo(
    () => config.searchFields ?? resource.fields.filter((f) => f.searchable).map((f) => f.name),
    [config.searchFields, resource.fields],
  );

  const params: ListParams = useMemo(() => {
    const finds: Finds = {};
    for (const [field, value] of Object.entries(filters)) if (value !== '') finds[field] = value;
    const order = sort ?? resource.defaultOrder;
    return {
      page,
      max: pageSize,
      orderField: order.field,
      orderValue: order.direction,
      search: q || undefined,
      searchFields: q ? searchFields : undefined,
      finds,
    };
  }, [filters, sort, resource.defaultOrder, page, pageSize, q, searchFields]);

  const list = useList<MasterRow>(resource.path, params);

  return {
    ...controller,
    list,
    params,
    rows: list.data?.data ?? [],
    rowCount: list.data?.pagination.totalData ?? 0,
    search: q,
    filters,
    setFilters: (next: FilterValues) =>
      controller.replaceFilters(
        Object.fromEntries(Object.entries(next).map(([field, value]) => [field, String(value)])),
      ),
  };
}
