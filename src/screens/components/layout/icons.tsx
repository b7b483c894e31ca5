import {
  ApartmentOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  HddOutlined,
  NodeIndexOutlined,
  ProfileOutlined,
  RobotOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { IconName } from '../../../../model/resources/types';

/** The drawings behind the icon names of src/resources (only names in use: each icon is bundled). */
export const ICONS: Record<IconName, ReactNode> = {
  dashboard: <DashboardOutlined />,
  collect: <ApartmentOutlined />,
  lake: <DatabaseOutlined />,
  ticket: <ProfileOutlined />,
  training: <ExperimentOutlined />,
  model: <NodeIndexOutlined />,
  artifact: <AppstoreOutlined />,
  evaluation: <FileSearchOutlined />,
  robot: <RobotOutlined />,
  server: <HddOutlined />,
  dev: <CodeOutlined />,
  ops: <ToolOutlined />,
  space: <ClusterOutlined />,
  system: <SettingOutlined />,
};

export const iconOf = (name?: IconName) => (name ? ICONS[name] : undefined);
