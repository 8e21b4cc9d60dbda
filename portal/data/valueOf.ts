/**
 * The portal's SWR fetchers unwrap the envelope the same way the widgets' do: a business "no"
 * (isSuccess false) becomes an error for SWR, after the SDK has shown its banner.
 */
export { valueOf } from '../../widgets/ui/data.js';
