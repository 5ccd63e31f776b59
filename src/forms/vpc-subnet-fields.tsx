// The VPC and subnet of a network interface, shared by the instance create form and the instance's
// "Add network interface" form: the subnets are read once a VPC is chosen, and choosing another VPC
// clears the subnet (a subnet belongs to one VPC).
import { useList } from '../../storage'
import { Select } from '../components/FormField'
import type { FieldProps } from '../hooks/use-form'
import { PICK } from '../lists'

function SubnetSelect({ project, vpc, field }: { project: string; vpc: string; field: FieldProps }) {
  const subnets = useList('vpcSubnetList', { query: { project, vpc, ...PICK } }).data?.items
  return (
    <Select
      label="Subnet"
      required
      placeholder={subnets === undefined ? 'Loading subnets…' : 'Choose a subnet'}
      options={(subnets ?? []).map((s) => ({ value: s.name, label: `${s.name} (${s.ipv4Block})` }))}
      {...field}
    />
  )
}

export function VpcSubnetFields({
  project,
  vpc,
  vpcField,
  subnetField,
  onVpc,
}: {
  project: string
  vpc: string
  vpcField: FieldProps
  subnetField: FieldProps
  /** The chosen VPC; the caller sets it and clears the subnet. */
  onVpc: (vpc: string) => void
}) {
  const vpcs = useList('vpcList', { query: { project, ...PICK } }).data?.items
  return (
    <>
      <Select
        label="VPC"
        required
        placeholder={vpcs === undefined ? 'Loading VPCs…' : 'Choose a VPC'}
        options={(vpcs ?? []).map((x) => ({ value: x.name, label: x.name }))}
        {...vpcField}
        onChange={(e) => onVpc(e.target.value)}
      />
      {vpc ? (
        <SubnetSelect project={project} vpc={vpc} field={subnetField} />
      ) : (
        <Select
          label="Subnet"
          required
          disabled
          placeholder="Choose a VPC first"
          options={[]}
          {...subnetField}
        />
      )}
    </>
  )
}
