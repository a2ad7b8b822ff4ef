/** The response envelope of spec §3: every API answer has this shape. */
export interface Status {
  /** 0 = ok, 1 = error. */
  error: 0 | 1;
  message: string;
  /** 411 = session missing, expired or revoked. */
  errorCode?: number;
}

export interface Envelope<T> {
  status: Status;
  data: T;
}

export interface Pagination {
  totalData: number;
  totalPage: number;
  page: number;
  itemPerPage: number;
}

export interface FieldMeta {
  Field: string;
  Label: string;
  Type: string;
  Key: 'PRI' | '';
  input: string;
  options_api_path: string | null;
}

export interface ListPayload<Row> {
  data: Row[];
  pagination: Pagination;
  fields: FieldMeta[];
}

/** Validation failures carry field -> message in `data.errors`. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

export const SESSION_ERROR_CODE = 411;
