export { ActionMenu, type ActionMenuItem, type ActionMenuProps } from './ActionMenu'
export { Badge, type BadgeColor, type BadgeProps } from './Badge'
export { Button, type ButtonProps } from './Button'
export { ConfirmActionHost } from './ConfirmAction'
export { COPY_CONFIRM_MS, CopyButton, type CopyButtonProps, copyText } from './CopyButton'
// toast and confirm come from their queues: the ark toast and dialog load on first use.
export {
  type ConfirmActionOptions,
  type ConfirmDeleteOptions,
  closeConfirmAction,
  confirmAction,
  confirmDelete,
  errorMessage,
} from './confirm-queue'
export { EmptyState, type EmptyStateAction, type EmptyStateProps } from './EmptyState'
export {
  Select,
  type SelectOption,
  type SelectProps,
  TextArea,
  type TextAreaProps,
  TextField,
  type TextFieldProps,
} from './FormField'
export * from './icons'
export { Modal, type ModalProps, type ModalWidth } from './Modal'
export { PageHeader, type PageHeaderProps } from './PageHeader'
export { Pagination, type PaginationProps } from './Pagination'
export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './page-size'
export { FormErrorSummary, type FormErrorSummaryProps, SideModal, type SideModalProps } from './SideModal'
export {
  SideModalForm,
  type SideModalFormProps,
  type SideModalFormState,
} from './SideModalForm'
export { PageSkeleton, Skeleton, type SkeletonProps } from './Skeleton'
export { MIN_SPINNER_MS, Spinner, type SpinnerProps, useMinDuration } from './Spinner'
export {
  type Column,
  defineColumns,
  nextSort,
  type SortDirection,
  type SortState,
  type SortValue,
  sortRows,
  Table,
  type TableProps,
} from './Table'
export { type RouteTab, RouteTabs, type RouteTabsProps, selectedTab } from './Tabs'
export { Toaster, toaster } from './Toast'
export { TOOLTIP_OPEN_DELAY_MS, Tooltip, type TooltipProps } from './Tooltip'
export { type ToastAction, type ToastOptions, toast } from './toast-queue'
