import {
  ApartmentOutlined, AppstoreOutlined, BranchesOutlined, ClusterOutlined, CodeOutlined, DashboardOutlined,
  DatabaseOutlined, DeploymentUnitOutlined, ExperimentOutlined, FileSearchOutlined, HddOutlined, NodeIndexOutlined, ProfileOutlined,
  RobotOutlined, SettingOutlined, ToolOutlined, ControlOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { IconName } from '../../resources/types';

/** The drawings behind the icon names of src/resources. */
export const ICONS: Record<IconName, ReactNode> = {
  dashboard: <DashboardOutlined />,
  collect: <ApartmentOutlined />,
  lake: <DatabaseOutlined />,
  ticket: <ProfileOutlined />,
  training: <ExperimentOutlined />,
  model: <NodeIndexOutlined />,
  deployment: <DeploymentUnitOutlined />,
  artifact: <AppstoreOutlined />,
  evaluation: <FileSearchOutlined />,
  device: <RobotOutlined />,
  robot: <RobotOutlined />,
  server: <HddOutlined />,
  taskFlow: <BranchesOutlined />,
  dev: <CodeOutlined />,
  ops: <ToolOutlined />,
  console: <ControlOutlined />,
  space: <ClusterOutlined />,
  system: <SettingOutlined />,
};

export const iconOf = (name?: IconName) => (name ? ICONS[name] : undefined);
