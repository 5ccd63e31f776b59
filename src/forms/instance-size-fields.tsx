import { WholeNumberField } from '../components/FormField'
import type { FieldProps } from '../hooks/use-form'
import { MAX_MEMORY_GIB, MAX_VCPUS } from './instance-values'

/** vCPUs and memory in GiB within the platform's limits: the create form's custom size and Resize. */
export function InstanceSizeFields({ ncpus, memoryGib }: { ncpus: FieldProps; memoryGib: FieldProps }) {
  return (
    <>
      <WholeNumberField label="vCPUs" min={1} max={MAX_VCPUS} required {...ncpus} />
      <WholeNumberField label="Memory (GiB)" min={1} max={MAX_MEMORY_GIB} required {...memoryGib} />
    </>
  )
}
